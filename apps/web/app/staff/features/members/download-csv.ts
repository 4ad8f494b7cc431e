import { ApiError } from '../../../lib/api-error';
import { TENANT } from '../../../lib/tenant';
import { staffUrl, type StaffRequestOptions } from '../../session/staff-api';
import { clearStaffToken, readStaffToken } from '../../session/staff-session';

/** The file name the API suggests (Content-Disposition), else the given one. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * A CSV export: the file needs the staff token, which a plain link cannot send, so it is read with
 * fetch and handed to the browser as a download (the filters staff chose go in the query).
 */
export async function downloadCsv(path: string, query: StaffRequestOptions['query'], fallbackName: string): Promise<string> {
  const token = readStaffToken();
  const headers: Record<string, string> = { tenant: TENANT };
  if (token) headers.Authorization = token;
  const response = await fetch(staffUrl(path, query), { headers });
  if (!response.ok) {
    const error = await ApiError.fromResponse(response, Boolean(token));
    if (error.status === 401 && token) clearStaffToken();
    throw error;
  }
  const name = fileNameOf(response, fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
