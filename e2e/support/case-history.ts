import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The case's row on Support → View Cases, found as a person does: by typing its number. */
export async function rowOnList(page: Page, caseNumber: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Support' })
    .click();
  await page.getByRole('button', { name: 'View Cases' }).click();
  await page.getByRole('heading', { name: 'Case History' }).waitFor();
  await page.getByLabel('Model or Serial').pressSequentially(caseNumber);
  const row = page.getByTestId('case-row').filter({ hasText: caseNumber });
  await row.waitFor();
  return row;
}

/**
 * Another user, signed in on `page` elsewhere, posts an update on the case; answers when it is
 * committed (ms since the epoch).
 */
export async function repliesOn(page: Page, caseId: string, body: string): Promise<number> {
  const res = await page.request.post(`/api/v1/cases/${caseId}/feed`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return Date.now();
}
