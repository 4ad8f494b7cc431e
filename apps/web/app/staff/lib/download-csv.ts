import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { TENANT } from '../../lib/tenant';
import { staffUrl, type StaffRequestOptions } from '../session/staff-api';
import { clearStaffToken, readStaffToken } from '../session/staff-session';
import { toastFailed } from './toasts';

/** The file name the API suggests (Content-Disposition), if it gave one. */
function fileNameOf(response: Response): string | undefined {
  return /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
}

export interface CsvDownload {
  /** The filters staff chose, sent as the query. */
  query?: StaffRequestOptions['query'];
  /** The name to save under; left out, the API's own (Content-Disposition). */
  fileName?: string;
}

/**
 * A CSV export: the file needs the staff token, which a plain link cannot send, so it is read with
 * fetch and handed to the browser as a download. A 401 ends the staff session, as every other
 * console request does.
 */
export async function downloadCsv(path: string, { query, fileName }: CsvDownload = {}): Promise<string> {
  const token = readStaffToken();
  const headers: Record<string, string> = { tenant: TENANT };
  if (token) headers.Authorization = token;
  const response = await fetch(staffUrl(path, query), { headers });
  if (!response.ok) {
    const error = await ApiError.fromResponse(response, Boolean(token));
    if (error.status === 401 && token) clearStaffToken();
    throw error;
  }
  const name = fileName ?? fileNameOf(response) ?? path.split('/').at(-1) ?? 'export.csv';
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

/** An export button's state: busy while the file downloads, a toast with `failedText` if it fails. */
export function useCsvDownload(failedText: string) {
  const [exporting, setExporting] = useState(false);
  const download = async (path: string, options?: CsvDownload) => {
    setExporting(true);
    try {
      await downloadCsv(path, options);
    } catch (error) {
      toastFailed(error, failedText);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
