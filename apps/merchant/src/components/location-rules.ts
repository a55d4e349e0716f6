/** A map pin. */
export type TPin = { latitude: number; longitude: number };

/** Nairobi CBD: where the map opens when no pin is set yet. */
export const DEFAULT_PIN_CENTER: [number, number] = [-1.2921, 36.8219];

/** The typed fields as a pin, or null while either is empty, not a number or out of range. */
export function pinFromFields(latitude: string, longitude: string): TPin | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { latitude: lat, longitude: lng };
}

/** A picked point as the fields' text: 6 decimals (about 10 cm), longitude wrapped into -180..180. */
export function fieldsFromPin(pin: TPin): { latitude: string; longitude: string } {
  const wrapped = ((((pin.longitude + 180) % 360) + 360) % 360) - 180;
  const clampLat = Math.min(90, Math.max(-90, pin.latitude));
  return { latitude: String(Number(clampLat.toFixed(6))), longitude: String(Number(wrapped.toFixed(6))) };
}
