import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SMS_OUTBOX_MESSAGES, type OutboxSms } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const text: OutboxSms = {
  sid: 'SM0123456789abcdef0123456789abcdef',
  to: '+12025550123',
  from: '+15005550006',
  body: 'Customer Portal security code: 482913. It expires in 10 minutes. Do not share it.',
  status: 'delivered',
  createdAt: '2026-11-27T08:15:00.000Z',
};

function renderPage(handler: MockReply) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    'GET sms/outbox': handler,
  });
  renderApp('/admin/sms-outbox');
  return http;
}

describe('SMS Outbox page', () => {
  it('lists the texts the gateway holds (to, message) and reads them again on Refresh', async () => {
    const http = renderPage({ body: { data: [text] } });
    const table = await screen.findByRole('table', { name: 'Texts' }, { timeout: 5000 });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('+12025550123');
    expect(row).toHaveTextContent('Customer Portal security code: 482913.');
    expect(screen.getByRole('link', { name: 'SMS Outbox' })).toHaveAttribute('href', '/admin/sms-outbox');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(() => http.calls('GET sms/outbox').length).toBe(2);
  });

  it('says when the server has no SMS gateway (404)', async () => {
    renderPage({ status: 404, body: { message: 'Not found.' } });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      SMS_OUTBOX_MESSAGES.noGateway,
    );
  });
});
