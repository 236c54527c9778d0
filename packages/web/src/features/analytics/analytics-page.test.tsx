import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session.ts';
import { errorReply } from '../../test/fetch-mock.ts';
import { sessionWith, userSession } from '../../test/fixtures.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import {
  filtersOf,
  metricsDocument,
  mockAnalyticsApi,
  sourceIds,
  type SeriesAnswer,
  type SeriesFilters,
  type TopAnswers,
} from './analytics.test-fixtures.ts';

const WEEK = '/analytics?period=custom&from=2026-11-15&to=2026-11-21';
const THIS_WEEK = '2026-11-15T00:00:00.000Z';
const WEEK_BEFORE = '2026-11-08T00:00:00.000Z';

/** A week with traffic, a week before with less, and a split by device. */
function weekOfTraffic(metric: string, filters: SeriesFilters): SeriesAnswer | undefined {
  const current = filters.start === THIS_WEEK;
  switch (metric) {
    case 'requests':
      if (filters.breakdown === 'device') {
        return {
          total: 12,
          points: [
            { time: '2026-11-20T00:00:00.000Z', value: 4, group: 'Desktop PC' },
            { time: '2026-11-21T00:00:00.000Z', value: 5, group: 'Desktop PC' },
            { time: '2026-11-21T00:00:00.000Z', value: 3, group: 'Smartphone' },
          ],
          groups: [
            { group: 'Desktop PC', value: 9 },
            { group: 'Smartphone', value: 3 },
          ],
        };
      }
      if (filters.breakdown === 'referrer') {
        return {
          total: 12,
          points: [
            { time: '2026-11-21T00:00:00.000Z', value: 7, group: 'blog.example' },
            { time: '2026-11-21T00:00:00.000Z', value: 5, group: '(direct)' },
          ],
          groups: [
            { group: 'blog.example', value: 7 },
            { group: '(direct)', value: 5 },
          ],
        };
      }
      return current
        ? {
            total: 12,
            points: [
              { time: '2026-11-20T00:00:00.000Z', value: 4 },
              { time: '2026-11-21T00:00:00.000Z', value: 8 },
            ],
            movingAverage: [
              { time: '2026-11-20T00:00:00.000Z', value: 4 },
              { time: '2026-11-21T00:00:00.000Z', value: 6 },
            ],
            previousMonth: [
              { time: '2026-11-20T00:00:00.000Z', value: 2 },
              { time: '2026-11-21T00:00:00.000Z', value: 3 },
            ],
          }
        : { total: 8 };
    case 'bandwidth':
      return { total: 1_500_000 };
    case 'delivery_success':
      return { total: current ? 91.66 : 100 };
    case 'average_response_time':
      return { total: current ? null : 40 };
    case 'standard_render_credits':
      return { total: current ? 0.004 : 0 };
    case 'premium_render_credits':
      return { total: current ? 2 : 0 };
    case 'total_credits':
      return { total: current ? 2.004 : 0 };
    default:
      return undefined;
  }
}

const TOP: TopAnswers = {
  assets: [
    { source_id: sourceIds.first, path: '/coffee.png', requests: 9, bandwidth: 1_200_000 },
    { source_id: sourceIds.second, path: '/shoes/red.jpg', requests: 3, bandwidth: 300_000 },
  ],
  referrers: [
    { referrer: 'blog.example', requests: 7, bandwidth: 900_000 },
    { referrer: '(direct)', requests: 5, bandwidth: 600_000 },
  ],
};

const tiles = () => screen.getByRole('list', { name: 'Totals for the period' });
const tile = (name: string) => within(tiles()).getByRole('listitem', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

function stubBlobUrls(onBlob: (blob: Blob) => void) {
  const create = (blob: Blob) => {
    onBlob(blob);
    return 'blob:analytics';
  };
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
}

/** jsdom's Blob has no text(); its FileReader reads it. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('AnalyticsPage', { timeout: 30000 }, () => {
  // The route loads the screen (and Recharts) on demand: loaded once here, no test waits for it.
  beforeAll(async () => {
    await import('./analytics-page.tsx');
  });

  beforeEach(() => {
    // Only the clock is fixed: "now" decides the periods, while real timers keep the UI running.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:30:00.000Z') });
    // jsdom lays nothing out: a laptop-sized box for every element, so the dropdowns have rows.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the totals with their change, the trend and the breakdown of the period in the address', async () => {
    const api = mockAnalyticsApi(weekOfTraffic, TOP);
    const { user } = renderApp(`${WEEK}&source=${sourceIds.first}`);

    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(tile('Requests')).toHaveTextContent('12'));
    expect(tile('Requests')).toHaveTextContent('+50%vs 8 before');
    expect(tile('Bandwidth')).toHaveTextContent('1.5 MB');
    expect(tile('Bandwidth')).toHaveTextContent('No change');
    expect(tile('Delivery success')).toHaveTextContent('91.7%');
    expect(tile('Delivery success')).toHaveTextContent('−8.3 pts');
    expect(tile('Average response time')).toHaveTextContent('–');
    expect(tile('Average response time')).toHaveTextContent('No comparison');
    expect(tile('Total credits used')).toHaveTextContent('2.004');
    expect(tile('Total credits used')).toHaveTextContent('New');
    expect(within(tiles()).getAllByRole('listitem')).toHaveLength(7);

    // Every call asks for the chosen source and the custom week, per day.
    const calls = api.requestsTo('GET /api/v4/analytics/requests').map(filtersOf);
    expect(calls).toContainEqual({
      sourceId: sourceIds.first,
      start: THIS_WEEK,
      end: '2026-11-22T00:00:00.000Z',
      granularity: 'day',
      breakdown: null,
    });
    expect(calls).toContainEqual({
      sourceId: sourceIds.first,
      start: WEEK_BEFORE,
      end: THIS_WEEK,
      granularity: 'day',
      breakdown: null,
    });
    expect(calls).toContainEqual(expect.objectContaining({ breakdown: 'device' }));

    await user.click(screen.getByText('Show the numbers'));
    expect(rowsOf(screen.getByRole('table', { name: 'Requests over time' }))).toEqual([
      ['20 Nov', '4', '4', '2'],
      ['21 Nov', '8', '6', '3'],
    ]);
    expect(
      screen.getByRole('img', { name: /^Line chart of requests per day, 2 points, total 12/ }),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Requests by device' }))).toEqual([
      ['Desktop PC', '9'],
      ['Smartphone', '3'],
    ]);
    // One source chosen: the assets need no source column.
    expect(rowsOf(screen.getByRole('table', { name: 'Top assets' }))).toEqual([
      ['/coffee.png', '9', '1.2 MB'],
      ['/shoes/red.jpg', '3', '300 KB'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Top referrers' }))).toEqual([
      ['blog.example', '7', '900 KB'],
      ['(direct)', '5', '600 KB'],
    ]);
    const topCall = new URL(
      api.requestsTo('GET /api/v4/analytics/top_assets')[0]?.url ?? '',
      'http://dashboard.test',
    ).searchParams;
    expect(Object.fromEntries(topCall)).toEqual({
      'filter[source_id]': sourceIds.first,
      'filter[start]': THIS_WEEK,
      'filter[end]': '2026-11-22T00:00:00.000Z',
      'page[size]': '10',
    });
    expect(rowsOf(screen.getByRole('table', { name: 'Credits used' }))).toEqual([
      ['Standard render credits', '0.004'],
      ['Premium render credits', '2'],
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Break down by' }));
    await user.click(await screen.findByRole('option', { name: 'Referrer' }));
    expect(rowsOf(await screen.findByRole('table', { name: 'Requests by referrer' }))).toEqual([
      ['blog.example', '7'],
      ['(direct)', '5'],
    ]);
  });

  it('keeps the period and the source in the address, and checks a custom range first', async () => {
    const api = mockAnalyticsApi(weekOfTraffic);
    const { router, user } = renderApp('/analytics');
    await waitFor(() => expect(tile('Requests')).toHaveTextContent('8'));
    // Without a choice: the last 7 days to now, across all sources.
    expect(api.requestsTo('GET /api/v4/analytics/requests').map(filtersOf)[0]).toEqual({
      sourceId: null,
      start: '2026-11-15T10:30:00.000Z',
      end: '2026-11-22T10:30:00.000Z',
      granularity: 'day',
      breakdown: null,
    });

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'shop' }));
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    expect(pathOf(router)).toBe(`/analytics?source=${sourceIds.second}&period=last-month`);
    await waitFor(() =>
      expect(api.requestsTo('GET /api/v4/analytics/requests').map(filtersOf)).toContainEqual({
        sourceId: sourceIds.second,
        start: '2026-10-01T00:00:00.000Z',
        end: '2026-11-01T00:00:00.000Z',
        granularity: 'day',
        breakdown: null,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Custom range' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    // The form starts from the period shown.
    expect(within(form).getByLabelText('From')).toHaveValue('2026-10-01');
    expect(within(form).getByLabelText('To')).toHaveValue('2026-10-31');
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2026-11-10');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date.',
    );
    expect(within(form).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(pathOf(router)).toBe(`/analytics?source=${sourceIds.second}&period=last-month`);

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-11-12');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(pathOf(router)).toBe(
      `/analytics?source=${sourceIds.second}&period=custom&from=2026-11-10&to=2026-11-12`,
    );
    expect(screen.queryByRole('form', { name: 'Custom range' })).toBeNull();
    await waitFor(() =>
      expect(api.requestsTo('GET /api/v4/analytics/requests').map(filtersOf)).toContainEqual(
        expect.objectContaining({
          start: '2026-11-10T00:00:00.000Z',
          end: '2026-11-13T00:00:00.000Z',
          granularity: 'day',
        }),
      ),
    );
  });

  it('says when the period had no traffic, and what to do about it', async () => {
    mockAnalyticsApi(() => undefined);
    renderApp('/analytics?period=24h');

    expect(await screen.findByText('No traffic in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your sources' })).toHaveAttribute(
      'href',
      '/sources',
    );
    expect(tile('Requests')).toHaveTextContent('0');
    expect(screen.queryByRole('heading', { name: 'Over time' })).toBeNull();
  });

  it('shows an error with a retry when the analytics cannot load', async () => {
    const api = mockAnalyticsApi(weekOfTraffic);
    api.on('GET /api/v4/analytics', errorReply(503, [{ detail: 'Analytics are unavailable' }]));
    const { user } = renderApp(WEEK);

    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are unavailable');
    api.on('GET /api/v4/analytics', { body: metricsDocument });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tile('Requests')).toHaveTextContent('12'));
  });

  it('exports the tables shown as CSV, raw numbers with their units', async () => {
    mockAnalyticsApi(weekOfTraffic, TOP);
    const blobs: Blob[] = [];
    // jsdom has no blob URLs: the export's blob is caught on its way to the link.
    stubBlobUrls((blob) => blobs.push(blob));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp(WEEK);

    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await user.click(exportButton);

    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('darkroom-analytics-2026-11-15-to-2026-11-21.csv');
    expect(blobs).toHaveLength(1);
    const lines = (await textOf(blobs[0] as Blob)).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Darkroom analytics,2026-11-15 to 2026-11-21,2026-11-15T00:00:00.000Z to 2026-11-22T00:00:00.000Z,All sources',
      '',
      'Totals',
      'Metric,Value type,This period,Previous period,"Change (%, points for percentages)"',
      'Requests,count,12,8,50',
      'Bandwidth,binary_size,1500000,1500000,0',
    ]);
    expect(lines).toContain('Requests over time');
    expect(lines).toContain('Time,Requests,Moving average,Previous month');
    expect(lines).toContain('2026-11-21T00:00:00.000Z,8,6,3');
    expect(lines).toContain('Device,Requests');
    expect(lines).toContain('Desktop PC,9');
    expect(lines).toContain('Standard render credits,0.004');
    expect(lines).toContain('Asset,Source,Requests,Bandwidth (bytes)');
    expect(lines).toContain('/coffee.png,photos,9,1200000');
    expect(lines).toContain('/shoes/red.jpg,shop,3,300000');
    expect(lines).toContain('(direct),5,600000');
  });

  it('explains the Analytics group to a user without it, and asks for no numbers', async () => {
    const api = mockAnalyticsApi(weekOfTraffic, TOP);
    setSession(sessionWith(userSession, ['sources', 'billing']));
    renderApp(WEEK);

    const state = await screen.findByRole('region', {
      name: 'This page needs the Analytics permission group',
    });
    expect(state).toHaveTextContent('Your permission groups: Billing, Sources.');
    expect(within(state).getByRole('link', { name: 'Go to Sources' })).toHaveAttribute(
      'href',
      '/sources',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests.filter((request) => request.path.includes('/analytics'))).toEqual([]);
  });
});
