import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type Usage } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { csv, mockApi, stubDownloads, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });

function usageOf(days: number, clicks: number): Usage {
  const perDay = Array.from({ length: days }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    nsbi: i === 0 ? clicks : 0,
    report: i === 0 ? 2 : 0,
  }));
  return {
    from: perDay[0]!.day,
    to: perDay.at(-1)!.day,
    perDay,
    topReports: [
      { reportId: 'r-trips', name: 'Trips by Day', clicks: 2 },
      { reportId: 'r-gone', name: null, clicks: 1 },
    ],
    topUsers: [
      { userId: 5, name: 'Nora NSBI', email: 'nora@example.com', clicks },
      { userId: 9, name: null, email: null, clicks: 1 },
    ],
    totals: { nsbi: clicks, report: 2 },
  };
}

function renderUsage(handler: MockHandler | MockReply) {
  signIn(admin);
  const http = mockApi({ 'GET auth/me': { body: { data: admin } }, 'GET usage/clicks': handler });
  renderApp('/admin/usage');
  return { http, user: userEvent.setup() };
}

describe('NS BI usage', () => {
  it('draws totals, clicks per day, top reports and top users, each with its table', async () => {
    renderUsage(({ url }) => ({ body: { data: usageOf(Number(url.searchParams.get('days')), 7) } }));
    const perDay = await screen.findByRole('table', { name: 'Clicks per day' }, { timeout: 5000 });
    // Only the days with clicks are listed in the table.
    expect(within(perDay).getAllByRole('row')).toHaveLength(2);
    expect(within(perDay).getByRole('row', { name: '2026-11-01 7 2' })).toBeInTheDocument();
    const reports = screen.getByRole('table', { name: 'Top reports' });
    expect(within(reports).getByRole('row', { name: '1 Trips by Day 2' })).toBeInTheDocument();
    // A report no kept BI tree knows shows by its id.
    expect(within(reports).getByRole('row', { name: '2 r-gone 1' })).toBeInTheDocument();
    const people = screen.getByRole('table', { name: 'Top users' });
    expect(within(people).getByRole('row', { name: '1 Nora NSBI (nora@example.com) 7' })).toBeInTheDocument();
    expect(within(people).getByRole('row', { name: '2 Deleted user #9 1' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-01 – 2026-11-30')).toBeInTheDocument();
  });

  it('asks for 30 days first and for the period the admin picks', async () => {
    const { http, user } = renderUsage(({ url }) => ({
      body: { data: usageOf(Number(url.searchParams.get('days')), 3) },
    }));
    await screen.findByRole('table', { name: 'Clicks per day' }, { timeout: 5000 });
    expect(http.calls('GET usage/clicks')[0]?.url.searchParams.get('days')).toBe('30');
    await user.click(screen.getByText('7 days'));
    expect(await screen.findByText('2026-11-01 – 2026-11-07')).toBeInTheDocument();
    expect(http.calls('GET usage/clicks').at(-1)?.url.searchParams.get('days')).toBe('7');
  });

  it('says when there is nothing to show', async () => {
    const quiet = usageOf(7, 0);
    const perDay = quiet.perDay.map((d) => ({ ...d, report: 0 }));
    renderUsage({
      body: { data: { ...quiet, perDay, topReports: [], topUsers: [], totals: { nsbi: 0, report: 0 } } },
    });
    const table = await screen.findByRole('table', { name: 'Clicks per day' }, { timeout: 5000 });
    expect(table).toHaveTextContent(MESSAGES.noRecords);
    expect(screen.getByRole('table', { name: 'Top users' })).toHaveTextContent(MESSAGES.noRecords);
  });

  it('a failed read says so and tries again on request', async () => {
    let fail = true;
    const { user } = renderUsage(() =>
      fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: usageOf(7, 4) } },
    );
    expect(await screen.findByText(MESSAGES.dataFetchFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Clicks per day' })).toBeInTheDocument();
  });

  it('exports each table over the chosen period as CSV', async () => {
    signIn(admin);
    const http = mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET usage/clicks': ({ url }) => ({ body: { data: usageOf(Number(url.searchParams.get('days')), 3) } }),
      'GET usage/export': () => csv('user_id,name\n'),
    });
    const { click, exported } = stubDownloads(http, 'GET usage/export');
    renderApp('/admin/usage');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Top users' }, { timeout: 5000 });
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await screen.findByText('2026-11-01 – 2026-11-07');
    await user.click(screen.getByRole('button', { name: 'Export Top users as CSV' }));
    expect(await exported()).toEqual({
      format: 'csv',
      days: '7',
      table: 'top-users',
    });
    click.mockRestore();
  });
});
