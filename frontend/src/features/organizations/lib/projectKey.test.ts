import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { activitiesPath as activitiesApiPathOf } from '../../projects/paths';
import { projectListPath } from '../../projects/api/lists';
import { isProjectKeyRefusal, PROJECT_KEY_MAX, projectKeyProblem } from './projectKey';

describe('a project key as the server takes it (chalicelib/projects/service.py checked_key)', () => {
  it('takes keys as Water Quality Portal files write them, and none', () => {
    for (const key of ['WI_LAKES', 'CEDEN-2019', 'USGS.NAWQA', 'RTWQN 2017-2019', 'Lac Léman (2020)', '...', 'a+b=c&d', '  padded  ', '', '   ']) {
      expect(projectKeyProblem(key), key).toBeNull();
    }
  });

  it('refuses a character that breaks a web address', () => {
    for (const key of ['a/b?c#d', 'WI/LAKES', 'LAKES?', '#1', '50% done', 'C:\\data', '%2F']) {
      expect(projectKeyProblem(key), key).toEqual({ problem: 'keyCharacters' });
    }
  });

  it('refuses a control character, naming it as the server does', () => {
    expect(projectKeyProblem('WI\tLAKES')).toEqual({ problem: 'keyControlCharacter', character: 'U+0009' });
    expect(projectKeyProblem('WI\u0000')).toEqual({ problem: 'keyControlCharacter', character: 'U+0000' });
    expect(projectKeyProblem('WI\u2028LAKES')).toEqual({ problem: 'keyControlCharacter', character: 'U+2028' });
    expect(projectKeyProblem('WI\u007f')).toEqual({ problem: 'keyControlCharacter', character: 'U+007F' });
  });

  it('refuses . and .. alone, which addresses skip', () => {
    expect(projectKeyProblem('.')).toEqual({ problem: 'keyDots' });
    expect(projectKeyProblem(' .. ')).toEqual({ problem: 'keyDots' });
  });

  it('counts its length in characters, as Python does', () => {
    expect(projectKeyProblem('K'.repeat(PROJECT_KEY_MAX))).toBeNull();
    expect(projectKeyProblem('💧'.repeat(PROJECT_KEY_MAX))).toBeNull();
    expect(projectKeyProblem('K'.repeat(PROJECT_KEY_MAX + 1))).toEqual({ problem: 'keyTooLong', max: 100 });
  });

  it('knows the server’s refusals of a key in either language', () => {
    expect(isProjectKeyRefusal(new ApiError('Project key must not contain /, ?, #, % or \\.', { status: 400 }))).toBe(true);
    expect(isProjectKeyRefusal(new ApiError('项目标识不能包含 /、?、#、% 或 \\。', { status: 400 }))).toBe(true);
    expect(isProjectKeyRefusal(new ApiError('projectKey must be at most 100 characters.', { status: 400 }))).toBe(true);
    expect(isProjectKeyRefusal(new ApiError('name is required.', { status: 400 }))).toBe(false);
    expect(isProjectKeyRefusal(new ApiError("A project with the key 'a' already exists in this organization.", { status: 409 }))).toBe(false);
  });

  it('is one path segment of the addresses, percent-encoded, and comes back as it was', () => {
    for (const key of ['RTWQN 2017-2019', 'USGS.NAWQA', 'Lac Léman (2020)', 'a+b=c&d']) {
      const path = projectListPath('org-1', key, 'stations');
      const segments = path.split('/');
      expect(segments).toHaveLength(6);
      expect(decodeURIComponent(segments[4]!)).toBe(key);
      expect(new URL(path, 'https://example.org').pathname).toBe(path);
      expect(decodeURIComponent(activitiesApiPathOf('org-1', key).split('/')[5]!)).toBe(key);
    }
    expect(projectListPath('org-1', 'RTWQN 2017-2019', 'stations')).toBe('/organization/org-1/projects/RTWQN%202017-2019/stations');
  });
});
