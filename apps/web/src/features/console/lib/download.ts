import { API_BASE, apiPaths } from '@ai-tutor/contract';
import { callApi, type CallContext } from '../../../lib/base-query';
import { tokenStorage } from '../../../lib/token-storage';

/** The file name the server gave (Content-Disposition), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]!);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads an export (CSV, Excel) with the operator's token: a plain link would carry none. A cheap
 * signed-in call first refreshes an expired token the way every other call does. Rejects with the
 * server's message.
 */
export async function downloadExport(
  path: string,
  fallbackName: string,
  context: CallContext,
): Promise<void> {
  await callApi({ url: apiPaths.currentUser }, context);
  const response = await fetch(`${window.location.origin}${API_BASE}${path}`, {
    headers: { authorization: `Bearer ${tokenStorage.access() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The file could not be made. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
