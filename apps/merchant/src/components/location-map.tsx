import { useT } from '@d3/ui';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_PIN_CENTER, type TPin } from './location-rules';

// Leaflet finds its marker images relative to its CSS, which a bundler rewrites: give it Vite's URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl: markerIcon2x, iconUrl: markerIcon, shadowUrl: markerShadow });

function ClickToPin({ onPick }: { onPick: (pin: TPin) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/** Typed coordinates move the view to the pin. */
function FollowPin({ pin }: { pin: TPin | null }) {
  const map = useMap();
  useEffect(() => {
    if (pin) map.panTo([pin.latitude, pin.longitude]);
  }, [map, pin]);
  return null;
}

/**
 * The pin map (loaded on demand): OpenStreetMap tiles; click the map or drag the pin. Without
 * tiles (offline) the map is blank but clicking and dragging still set coordinates.
 */
export function LocationMap({ pin, onPick }: { pin: TPin | null; onPick: (pin: TPin) => void }) {
  const t = useT();
  const center: [number, number] = pin ? [pin.latitude, pin.longitude] : DEFAULT_PIN_CENTER;
  return (
    <MapContainer center={center} zoom={pin ? 15 : 12} scrollWheelZoom={false} className="size-full">
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <ClickToPin onPick={onPick} />
      <FollowPin pin={pin} />
      {pin ? (
        <Marker
          position={[pin.latitude, pin.longitude]}
          draggable
          keyboard
          title={t('map.dragPin')}
          eventHandlers={{
            dragend: (event) => {
              const at = (event.target as L.Marker).getLatLng();
              onPick({ latitude: at.lat, longitude: at.lng });
            },
          }}
        />
      ) : null}
    </MapContainer>
  );
}
