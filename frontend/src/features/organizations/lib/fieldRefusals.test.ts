import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  organizationProblems,
  refusedOrganizationField,
  refusedProjectField,
  refusedWqxPrivateKey,
  tidyName,
  wqxPrivateKeyProblem,
} from './fieldRefusals';
import { refusedMapServiceAddress } from '../../../shell/MapServiceFields';

const refusal = (status: number, message: string) => new ApiError(message, { status });
const blank = { name: 'Lake Friends', description: '', website: '', contact: '' };

describe('the organization dialog checks before sending what the server would refuse', () => {
  it('a missing or too long name, too long texts, a website that is no http(s) address', () => {
    expect(organizationProblems(blank)).toEqual({});
    expect(organizationProblems({ ...blank, name: '  ' })).toEqual({ name: 'nameRequired' });
    expect(organizationProblems({ ...blank, name: 'n'.repeat(201) })).toEqual({ name: 'nameTooLong' });
    expect(organizationProblems({ ...blank, description: 'd'.repeat(5000), contact: 'c'.repeat(500) })).toEqual({});
    expect(organizationProblems({ ...blank, description: 'd'.repeat(5001), contact: 'c'.repeat(501) })).toEqual({
      description: 'descriptionTooLong',
      contact: 'contactTooLong',
    });
    expect(organizationProblems({ ...blank, website: 'example.org' })).toEqual({ website: 'websiteInvalid' });
    expect(organizationProblems({ ...blank, website: 'https://' })).toEqual({ website: 'websiteInvalid' });
    expect(organizationProblems({ ...blank, website: 'HTTPS://Example.org/a b' })).toEqual({ website: 'websiteInvalid' });
    expect(organizationProblems({ ...blank, website: ' https://example.org/lakes ' })).toEqual({});
    expect(organizationProblems({ ...blank, website: `https://example.org/${'w'.repeat(481)}` })).toEqual({ website: 'websiteTooLong' });
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(organizationProblems({ ...blank, contact: '💧'.repeat(500) })).toEqual({});
  });

  it('checks the name as the server stores it (chalicelib/core/names.py)', () => {
    expect(tidyName(' \u00a0Cafe\u0301\u200b \u2003 de\u00a0la  Gare\ufeff ')).toBe('Café de la Gare');
    expect(organizationProblems({ ...blank, name: '\u200b\u00a0 ' })).toEqual({ name: 'nameRequired' });
    // Joiners are part of a word's spelling (👩‍🔬, Persian), noise at its ends or by a space.
    expect(tidyName('\u200d👩\u200d\u200d🔬 lab\u200c ')).toBe('👩\u200d🔬 lab');
    expect(tidyName('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(organizationProblems({ ...blank, name: `${'n'.repeat(100)}    ${'n'.repeat(99)}` })).toEqual({});
    expect(organizationProblems({ ...blank, name: `${'n'.repeat(100)}  ${'n'.repeat(100)}` })).toEqual({ name: 'nameTooLong' });
  });
});

describe("which field of the organization dialog the server's refusal is about", () => {
  it('in English', () => {
    expect(refusedOrganizationField(refusal(409, 'An organization with this name already exists.'))).toBe('name');
    expect(refusedOrganizationField(refusal(400, 'The website must be an http(s) address, such as https://example.org.'))).toBe('website');
    expect(refusedOrganizationField(refusal(400, 'The website address must be at most 500 characters.'))).toBe('website');
    expect(refusedOrganizationField(refusal(400, 'The description must be at most 5,000 characters.'))).toBe('description');
    expect(refusedOrganizationField(refusal(400, 'The contact must be at most 500 characters.'))).toBe('contact');
    expect(refusedOrganizationField(refusal(400, 'Organization name must be at most 200 characters.'))).toBe('name');
    expect(refusedOrganizationField(refusal(400, 'Organization name must be one line of text, without tabs or line breaks.'))).toBe('name');
  });

  it('in Chinese (chalicelib/core/messages.py)', () => {
    expect(refusedOrganizationField(refusal(409, '已存在同名的组织。'))).toBe('name');
    expect(refusedOrganizationField(refusal(400, '网站必须是 http(s) 地址，例如 https://example.org。'))).toBe('website');
    expect(refusedOrganizationField(refusal(400, '网站地址最多 500 个字符。'))).toBe('website');
    expect(refusedOrganizationField(refusal(400, '简介最多 5,000 个字符。'))).toBe('description');
    expect(refusedOrganizationField(refusal(400, '联系方式最多 500 个字符。'))).toBe('contact');
    expect(refusedOrganizationField(refusal(400, '请输入组织名称。'))).toBe('name');
    expect(refusedOrganizationField(refusal(400, '组织名称最多 200 个字符。'))).toBe('name');
    expect(refusedOrganizationField(refusal(400, '组织名称必须是一行文本，不能包含制表符或换行。'))).toBe('name');
  });

  it('none for other failures', () => {
    expect(refusedOrganizationField(refusal(403, 'You do not have permission to do this.'))).toBeNull();
    expect(refusedOrganizationField(refusal(400, 'Unknown organization fields: logo.'))).toBeNull();
    expect(refusedOrganizationField(new Error('Failed to fetch'))).toBeNull();
  });
});

describe('which address of the map service the server refused', () => {
  // The field is found from what was sent, so the language of the message does not matter.
  for (const [language, style, tile, tiles] of [
    ['English', 'The style address must be an http(s) address.', 'The tile address must be an http(s) address.', 'The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png).'],
    ['Chinese', '样式地址必须是 http(s) 地址。', '瓦片地址必须是 http(s) 地址。', '瓦片地址必须包含 {z}、{x} 和 {y}（例如 https://tiles.example.org/{z}/{x}/{y}.png）。'],
  ] as const) {
    it(`in ${language}`, () => {
      expect(refusedMapServiceAddress(refusal(400, style), { styleUrl: 'tiles.example.org/style.json', tileUrl: 'ftp://tiles' })).toBe('styleUrl');
      expect(refusedMapServiceAddress(refusal(400, tile), { styleUrl: 'https://tiles.example.org/style.json', tileUrl: 'ftp://tiles' })).toBe('tileUrl');
      expect(refusedMapServiceAddress(refusal(400, tiles), { tileUrl: 'https://tiles.example.org/tile.png' })).toBe('tileUrl');
      expect(refusedMapServiceAddress(refusal(400, tiles), { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' })).toBeNull();
      expect(refusedMapServiceAddress(refusal(403, style), { styleUrl: 'nope' })).toBeNull();
    });
  }
});

describe("which field of a new project the server's refusal is about", () => {
  const nameTaken = refusal(409, "A project named 'Creek survey' already exists in this organization: choose another name.");
  const nameTakenZh = refusal(409, "此组织中已存在名为 'Creek survey' 的项目：请另选一个名称。");
  const keyTaken = refusal(409, "A project with the key 'Creek survey' already exists in this organization.");
  const keyTakenZh = refusal(409, "此组织中已存在标识为 'Creek survey' 的项目。");

  it('a name another project has: the name, whether a key was typed or not, in either language', () => {
    for (const error of [nameTaken, nameTakenZh]) {
      expect(refusedProjectField(error, false)).toBe('name');
      expect(refusedProjectField(error, true)).toBe('name');
    }
  });

  it('a key another project holds: the key typed, or the name it was made of when none was typed', () => {
    for (const error of [keyTaken, keyTakenZh]) {
      expect(refusedProjectField(error, true)).toBe('key');
      expect(refusedProjectField(error, false)).toBe('nameAsKey');
    }
  });

  it('no field for other refusals', () => {
    expect(refusedProjectField(refusal(400, 'name is required.'), false)).toBeNull();
    expect(refusedProjectField(new Error('offline'), false)).toBeNull();
  });
});

describe('the WQX account form checks a private key before sending as the server does (wqx.py _private_key)', () => {
  it('takes base64 text of at least 16 bytes, and no key at all (the stored one stays)', () => {
    expect(wqxPrivateKeyProblem('')).toBeNull();
    expect(wqxPrivateKeyProblem('MDEyMzQ1Njc4OWFiY2RlZg==')).toBeNull();
    expect(wqxPrivateKeyProblem('  c2VjcmV0LWtleS1vZi1zaXh0ZWVu  ')).toBeNull();
  });

  it('says a key of too few bytes is too short, and text that is no base64 is not a key', () => {
    // c2VjcmV0a2V5: "secretkey", 9 bytes.
    expect(wqxPrivateKeyProblem('c2VjcmV0a2V5')).toBe('wqxPrivateKeyTooShort');
    // 15 bytes, padded.
    expect(wqxPrivateKeyProblem('MDEyMzQ1Njc4OWFiY2Rl')).toBe('wqxPrivateKeyTooShort');
    expect(wqxPrivateKeyProblem('not base64!')).toBe('wqxPrivateKeyNotBase64');
    expect(wqxPrivateKeyProblem('MDEyMzQ1Njc4OWFiY2RlZg')).toBe('wqxPrivateKeyNotBase64');
    expect(wqxPrivateKeyProblem('MDEyMzQ1 Njc4OWFiY2RlZg==')).toBe('wqxPrivateKeyNotBase64');
  });

  it("knows the server's refusal of a key in both languages", () => {
    expect(refusedWqxPrivateKey(refusal(400, 'The private key is not one WQX Web issues: copy the whole private key that WQX Web shows for this user.'))).toBe(true);
    expect(refusedWqxPrivateKey(refusal(400, '此私钥不是 WQX Web 签发的私钥：请完整复制 WQX Web 为此用户显示的私钥。'))).toBe(true);
    expect(refusedWqxPrivateKey(refusal(400, 'userId is required.'))).toBe(false);
  });
});
