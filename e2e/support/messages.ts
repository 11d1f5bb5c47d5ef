import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { signedInPage } from './browser';

const ADA = 'ada.admin@torque.example';

/**
 * ada (an administrator) sends a Knowledge message to everyone of one account through the
 * gateway, as the dashboard does; returns how many it reached.
 */
export async function sendMessageToAccount(
  browser: Browser,
  accountNumber: string,
  title: string,
): Promise<number> {
  const ada = await signedInPage(browser, ADA);
  try {
    const sent = await ada.page.request.post('/api/v1/notifications/send', {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: {
        execute: true,
        conditionals: [{ field: 'AccountNumber', operator: 'Equals', value: accountNumber }],
        message: {
          type: 'Knowledge',
          title,
          body: 'Front axle bulletin SB-M7-114.',
          knowledgeCategory: 'Bulletins',
          searchTerm: 'front axle',
        },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    return ((await sent.json()) as { count: number }).count;
  } finally {
    await ada.context.close();
  }
}
