/**
 * WhatsApp and map links (issue 15): Kenyans share on WhatsApp; `wa.me/?text=` opens the app (or
 * WhatsApp Web) with the message ready and lets the sender pick the chat.
 */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`.trim())}`;
}

/** Google Maps directions from where the visitor is to a map pin. */
export function directionsUrl(pin: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${pin.lat},${pin.lng}`;
}

/** True where the browser has a native share sheet (phones mostly). */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
