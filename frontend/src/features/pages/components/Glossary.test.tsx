import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fakePagesServer } from '../test/fakePagesServer';
import { renderPages } from '../test/renderPages';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakePagesServer().fetch));
});

describe('the glossary', () => {
  it("lists the product's terms and the WQX keylists from the product's own data", async () => {
    renderPages('/sts/glossary');
    const product = await screen.findByRole('region', { name: 'Terms of the product' });
    expect(within(product).getByText('Station')).toBeInTheDocument();
    expect(within(product).getByText('Group administrator')).toBeInTheDocument();
    const activities = await screen.findByRole('region', { name: 'Activity types (WQX)' });
    expect(within(activities).getByText('Field Msr/Obs')).toBeInTheDocument();
    expect(within(activities).getByText(/Field measurement or observation made at the monitoring location/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Activity media (WQX)' })).getByText('Sediment')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sample fractions (WQX)' })).getByText('Dissolved')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Result statuses (WQX)' })).getByText('Provisional')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Result value types (WQX)' })).getByText('Estimated')).toBeInTheDocument();
  });

  it('narrows every list to the terms matching the search, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPages('/sts/glossary');
    await screen.findByRole('region', { name: 'Activity types (WQX)' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the glossary' }), 'blank');
    const activities = screen.getByRole('region', { name: 'Activity types (WQX)' });
    expect(within(activities).getByText('Quality Control Sample-Field Blank')).toBeInTheDocument();
    expect(within(activities).queryByText('Field Msr/Obs')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Terms of the product' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Result value types (WQX)' })).toHaveTextContent('Blank Corrected Calc');

    await user.clear(screen.getByRole('searchbox', { name: 'Search the glossary' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the glossary' }), 'zzzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No term matches “zzzz”.'));
  });

  it('says how many terms the search found, in a live region there before it speaks, once typing pauses', async () => {
    const user = userEvent.setup();
    renderPages('/sts/glossary');
    await screen.findByRole('region', { name: 'Activity types (WQX)' });
    const outcome = screen.getByRole('status');
    expect(outcome).toBeEmptyDOMElement();
    await user.type(screen.getByRole('searchbox', { name: 'Search the glossary' }), 'blank');
    const shown = screen.getAllByRole('term').length;
    await waitFor(() => expect(outcome).toHaveTextContent(`${shown} terms match “blank”.`));
    await changeLanguage('zh-CN');
    try {
      await waitFor(() => expect(outcome).toHaveTextContent(/^\d+ 个术语与“blank”匹配。$/));
    } finally {
      await changeLanguage('en');
    }
  });

  it('describes the WQX values in Simplified Chinese and finds them by Chinese words', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderPages('/sts/glossary');
    const activities = await screen.findByRole('region', { name: '活动类型（WQX）' });
    // The value is the WQX code; what it means is in Chinese.
    expect(within(activities).getByText('Field Msr/Obs')).toBeInTheDocument();
    expect(within(activities).getByText('在监测位置进行的现场测量或观测（例如探头读数）。')).toBeInTheDocument();
    expect(within(activities).queryByText(/Field measurement or observation/)).toBeNull();
    expect(screen.getByText(/可用中文词语或英文代码搜索/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: '搜索术语表' }), '空白');
    const blanks = screen.getByRole('region', { name: '活动类型（WQX）' });
    expect(within(blanks).getByText('Quality Control Sample-Field Blank')).toBeInTheDocument();
    expect(within(blanks).getByText('带到现场并像样品一样处理的无分析物水（现场空白）。')).toBeInTheDocument();
    expect(within(blanks).queryByText('Field Msr/Obs')).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: '搜索术语表' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索术语表' }), '溶解');
    const fractions = screen.getByRole('region', { name: '样品组分（WQX）' });
    expect(within(fractions).getByText('Dissolved')).toBeInTheDocument();
    expect(within(fractions).getByText('溶解态')).toBeInTheDocument();
  });

  it('searches the product terms in Simplified Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderPages('/sts/glossary');
    await screen.findByRole('region', { name: '活动类型（WQX）' });
    await user.type(screen.getByRole('searchbox', { name: '搜索术语表' }), '检出限');
    const product = screen.getByRole('region', { name: '本产品的术语' });
    expect(within(product).getByText('检出限')).toBeInTheDocument();
    expect(within(product).queryByText('站点')).toBeNull();
  });
});
