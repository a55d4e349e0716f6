import { toApiError } from '@d3/api-client';
import type { TImageUploadResponse } from '@d3/shared/merchant/image-schemas';
import { buildApiUrl } from '../api-client';
import { getMerchantToken } from '../auth-token';

/**
 * Sends one image as multipart/form-data (field "file") with XMLHttpRequest, the one browser API
 * that reports upload progress; failures become the same ApiError the API client throws.
 */
export function uploadImage(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TImageUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-api-key', import.meta.env.VITE_API_KEY ?? 'd3-dev-key');
    const token = getMerchantToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
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
      else reject(toApiError(xhr.status, body, 'Upload failed. Please try again.'));
    };
    xhr.onerror = () => reject(toApiError(0, null, 'Network error: check your connection and try again'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
