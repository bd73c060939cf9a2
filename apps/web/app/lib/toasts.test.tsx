import { describe, expect, it } from 'vitest';
import { readFlashToasts, withSuccessToast } from './toast.server.ts';
import { apiMessageToast, clearToasts, dismissToast, showToast, TOAST_AUTO_DISMISS_MS, useToasts } from './toasts.ts';
import { renderHtml } from '../test-support/render.tsx';

function Probe() {
  return <>{useToasts().length}</>;
}

describe('toasts (features §2, §4, §8, §9)', () => {
  it('auto-dismiss after 10 seconds unless told otherwise; one toast per id; cleared on auth change', () => {
    expect(TOAST_AUTO_DISMISS_MS).toBe(10_000);
    clearToasts();
    const id = showToast({ title: 'Your new password has been saved.', level: 'success' });
    showToast({ id, title: 'again', level: 'success' });
    showToast({ id: 'win', title: 'You won', level: 'success', isAutoDismissed: false });
    // The server render never shows the browser's toasts.
    expect(renderHtml(<Probe />)).toBe('0');
    dismissToast(id);
    clearToasts();
    expect(showToast({ title: 'x', level: 'info' })).toMatch(/^toast-/);
    clearToasts();
  });

  it('API messages: deposit_pending is "Action Required", success is "Success"; the level picks the icon', () => {
    expect(
      apiMessageToast({ code: 'deposit_pending', text: 'Please complete the 3-D Secure check.', level: 'info' }),
    ).toEqual({
      id: 'api-deposit_pending',
      title: 'Action Required',
      message: 'Please complete the 3-D Secure check.',
      level: 'info',
    });
    expect(apiMessageToast({ code: 'success', text: 'Done.', level: 'success' })).toMatchObject({
      title: 'Success',
      level: 'success',
    });
    expect(apiMessageToast({ code: 'other', text: 'No.', level: 'error' })).toMatchObject({ level: 'error' });
  });

  it('a flashed toast survives the redirect once: read, then cleared; a forged cookie shows nothing', () => {
    const headers = withSuccessToast(new Headers(), 'Your details have been updated.');
    const set = headers.get('Set-Cookie')!;
    expect(set).toMatch(/^toast=.*; Max-Age=60; SameSite=Lax; HttpOnly$/);
    const cookie = set.split(';')[0]!;
    const read = readFlashToasts(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    expect(read.toasts).toEqual([{ title: 'Your details have been updated.', level: 'success' }]);
    expect(read.clear).toMatch(/^toast=; .*Max-Age=0/);
    const forged = readFlashToasts(
      new Request('http://shop.test/', { headers: { Cookie: `toast=${encodeURIComponent('[{"title":1}]')}` } }),
    );
    expect(forged.toasts).toEqual([]);
    expect(readFlashToasts(new Request('http://shop.test/')).clear).toBeNull();
  });
});
