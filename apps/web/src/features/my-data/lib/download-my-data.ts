import { API_BASE, myDataMessages, myDataPaths } from '@ai-tutor/contract';
import { tokenStorage } from '../../../lib/token-storage';

/**
 * Fetches the export with the learner's token (a link could not send it) and hands the file to the
 * browser as a download under the server's name for it. False when the server refused or the network
 * failed.
 */
export async function downloadMyData(): Promise<boolean> {
  const token = tokenStorage.access();
  let response: Response;
  try {
    response = await fetch(`${window.location.origin}${API_BASE}${myDataPaths.export}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  const disposition = response.headers.get('content-disposition') ?? '';
  const name =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    myDataMessages.exportFileName(new Date().toISOString().slice(0, 10));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
