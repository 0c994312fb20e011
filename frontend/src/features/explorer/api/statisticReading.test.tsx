import { act, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { useStationPage, type StationAnswer } from './statistic';

afterEach(() => setApiBase(undefined));

let answer: StationAnswer | undefined;

/** What the explorer's filters show of a reading: the matching stations per county and per organization. */
function Counts() {
  answer = useStationPage({}, 0);
  const set = answer.data;
  if (!set) return null;
  return (
    <p>
      {[...(set.countyCounts ?? [])].map(([county, n]) => `county ${county}: ${n}`).join(', ')};{' '}
      {[...(set.organizationCounts ?? [])].map(([org, n]) => `organization ${org}: ${n}`).join(', ')}
    </p>
  );
}

it('shows a reading read again whose only change is in its counts per county and organization', async () => {
  const counts = [{ '55025': 2 }, { '55025': 3 }];
  const orgs = [{ o1: 2 }, { o1: 1, o2: 2 }];
  let call = 0;
  vi.stubGlobal('fetch', vi.fn(async () => {
    const at = Math.min(call++, 1);
    // The same station and totals both times: only the counts inside the Maps differ.
    return jsonResponse(200, {
      stations: [{ id: 's1', identifier: 'X-1', name: 'Bear Creek', stationType: 'Lake', meta: { sampleCount: 5 } }],
      totals: { stations: 1, samples: 5, counties: counts[at], organizationCounts: orgs[at] },
    });
  }));
  setApiBase('http://api.test');
  renderWithProviders(<Counts />);
  expect(await screen.findByText('county 55025: 2; organization o1: 2')).toBeInTheDocument();
  await act(async () => { await answer!.mutate(); });
  expect(await screen.findByText('county 55025: 3; organization o1: 1, organization o2: 2')).toBeInTheDocument();
});
