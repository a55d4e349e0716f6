import { useT } from '@d3/ui';
import { MapPin } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { fieldsFromPin, pinFromFields } from './location-rules';
import { InputField } from './ui';

// Leaflet stays out of the first bundle: it loads when a form with a map opens.
const LocationMap = lazy(async () => ({ default: (await import('./location-map')).LocationMap }));

function MapFailed() {
  const t = useT();
  return (
    <p className="grid size-full place-items-center p-4 text-center text-sm text-slate-600 dark:text-slate-400">
      {t('map.failed')}
    </p>
  );
}

/** A map that fails to load leaves the typed fields working. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return <MapFailed />;
    }
    return this.props.children;
  }
}

/**
 * Latitude and longitude: typed, or set by clicking the map / dragging its pin. The fields stay
 * the source of truth (they are what the form sends); the map follows them.
 */
export function LocationPicker({
  latitude,
  longitude,
  onChange,
  errors,
}: {
  latitude: string;
  longitude: string;
  onChange: (next: { latitude: string; longitude: string }) => void;
  errors?: { latitude?: string; longitude?: string };
}) {
  const t = useT();
  const pin = useMemo(() => pinFromFields(latitude, longitude), [latitude, longitude]);
  return (
    <div className="space-y-3">
      <div className="isolate h-56 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-64 dark:border-slate-800 dark:bg-slate-800">
        <MapBoundary>
          <Suspense
            fallback={
              <p className="grid size-full place-items-center text-sm text-slate-600 dark:text-slate-400">
                {t('map.loading')}
              </p>
            }
          >
            <LocationMap pin={pin} onPick={(picked) => onChange(fieldsFromPin(picked))} />
          </Suspense>
        </MapBoundary>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-400">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('map.help')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t('map.latitude')}
          inputMode="decimal"
          value={latitude}
          onChange={(value) => onChange({ latitude: value, longitude })}
          error={errors?.latitude}
          hint={t('map.example', { value: '-1.2676' })}
        />
        <InputField
          label={t('map.longitude')}
          inputMode="decimal"
          value={longitude}
          onChange={(value) => onChange({ latitude, longitude: value })}
          error={errors?.longitude}
          hint={t('map.example', { value: '36.8108' })}
        />
      </div>
    </div>
  );
}

/** The picker as a form's "Map pin" part: reads the form's two fields and their errors. */
export function MapPinFieldset({
  pin,
  onChange,
  errors,
}: {
  pin: { latitude: string; longitude: string };
  onChange: (next: { latitude: string; longitude: string }) => void;
  errors: { latitude?: string; longitude?: string };
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('map.pin')}</legend>
      <LocationPicker
        latitude={pin.latitude}
        longitude={pin.longitude}
        onChange={onChange}
        errors={{ latitude: errors.latitude, longitude: errors.longitude }}
      />
    </fieldset>
  );
}
