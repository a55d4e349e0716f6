import { toApiError } from '@d3/api-client';
import { fillPath } from '@d3/shared/api/contract';
import type { offersRoutes, storesRoutes } from '@d3/shared/api/routes';
import type { TImageUploadResponse } from '@d3/shared/merchant/image-schemas';
import { apiClient, buildApiUrl } from '../api-client';
import { serverErrorMessage } from '../server-error';

/** The two upload entries: a store's logo and an offer's image (multipart, field "file"). */
export type TUploadRoute = typeof storesRoutes.uploadLogo | typeof offersRoutes.uploadImage;

/**
 * Sends one image as multipart/form-data (field "file") to its contract entry with XMLHttpRequest,
 * the one browser API that reports upload progress; the client's own headers (API key, token) go
 * along, and failures become the same ApiError the API client throws.
 */
export function uploadImage(
  upload: { route: TUploadRoute; id: string },
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TImageUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.route.method, buildApiUrl(fillPath(upload.route.path, { id: upload.id })));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(apiClient.authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as TImageUploadResponse);
      else reject(toApiError(xhr.status, body, 'Upload failed. Please try again.', serverErrorMessage));
    };
    xhr.onerror = () => reject(toApiError(0, null, 'Network error: check your connection and try again'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
