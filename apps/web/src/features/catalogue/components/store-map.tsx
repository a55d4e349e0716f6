import 'leaflet/dist/leaflet.css';
import type { TBranch } from '@d3/shared/catalogue/catalogue-schemas';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';

// Leaflet finds its marker images relative to its CSS, which a bundler rewrites: give it Vite's URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl: markerIcon2x, iconUrl: markerIcon, shadowUrl: markerShadow });

/** Seed 000 §9: Nairobi, zoom 13, when the store has no coordinates. */
export const DEFAULT_MAP_CENTER: [number, number] = [-1.2921, 36.8219];
export const DEFAULT_MAP_ZOOM = 13;

interface StoreMapProps {
  name: string;
  latitude: number | null;
  longitude: number | null;
  branches: readonly TBranch[];
}

/** The Map tab (loaded only when opened): OpenStreetMap tiles, the store and a marker per branch. */
export function StoreMap({ name, latitude, longitude, branches }: StoreMapProps) {
  const center: [number, number] =
    latitude !== null && longitude !== null ? [latitude, longitude] : DEFAULT_MAP_CENTER;
  const located = branches.filter(
    (branch): branch is TBranch & { latitude: number; longitude: number } =>
      branch.latitude !== null && branch.longitude !== null,
  );
  return (
    <div className="isolate h-80 overflow-hidden rounded-xl border border-slate-200 sm:h-[28rem] dark:border-slate-800">
      <MapContainer center={center} zoom={DEFAULT_MAP_ZOOM} scrollWheelZoom={false} className="size-full">
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
        />
        {located.length === 0 ? (
          <Marker position={center}>
            <Popup>{name}</Popup>
          </Marker>
        ) : (
          located.map((branch) => (
            <Marker key={branch.id} position={[branch.latitude, branch.longitude]}>
              <Popup>
                <strong>{branch.name}</strong>
                {branch.address && (
                  <>
                    <br />
                    {branch.address}
                  </>
                )}
              </Popup>
            </Marker>
          ))
        )}
      </MapContainer>
    </div>
  );
}
