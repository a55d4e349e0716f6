import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withLocale } from '../test/render';
import { LocationPicker } from './location-picker';
import { fieldsFromPin, pinFromFields, type TPin } from './location-rules';

// Leaflet needs a real layout engine; the stand-in shows the pin it gets and picks a point.
vi.mock('./location-map', () => ({
  LocationMap: ({ pin, onPick }: { pin: TPin | null; onPick: (pin: TPin) => void }) => (
    <div>
      <output aria-label="pin">{pin ? `${pin.latitude},${pin.longitude}` : 'none'}</output>
      <button type="button" onClick={() => onPick({ latitude: -1.300123456, longitude: 396.8108 })}>
        pick
      </button>
    </div>
  ),
}));

function Harness({ onChange }: { onChange: (value: { latitude: string; longitude: string }) => void }) {
  const [value, setValue] = useState({ latitude: '', longitude: '' });
  return (
    <LocationPicker
      latitude={value.latitude}
      longitude={value.longitude}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

afterEach(cleanup);

describe('location rules', () => {
  it('reads typed fields as a pin only when both are numbers in range', () => {
    expect(pinFromFields('-1.2676', ' 36.8108 ')).toEqual({ latitude: -1.2676, longitude: 36.8108 });
    expect(pinFromFields('', '36.8')).toBeNull();
    expect(pinFromFields('abc', '36.8')).toBeNull();
    expect(pinFromFields('-91', '36.8')).toBeNull();
    expect(pinFromFields('-1.2', '181')).toBeNull();
  });

  it('writes a picked point with 6 decimals and wraps the longitude of a map scrolled round the world', () => {
    expect(fieldsFromPin({ latitude: -1.2921234567, longitude: 36.82191234 })).toEqual({
      latitude: '-1.292123',
      longitude: '36.821912',
    });
    expect(fieldsFromPin({ latitude: 0.5, longitude: 396.8 })).toEqual({
      latitude: '0.5',
      longitude: '36.8',
    });
  });
});

describe('LocationPicker', () => {
  it('a map pick fills both fields; typed fields move the pin; an unfinished value leaves no pin', async () => {
    const changes: Array<{ latitude: string; longitude: string }> = [];
    render(withLocale(<Harness onChange={(next) => changes.push(next)} />));
    expect((await screen.findByLabelText('pin')).textContent).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('-1.300123');
    expect((screen.getByLabelText('Longitude') as HTMLInputElement).value).toBe('36.8108');
    expect(screen.getByLabelText('pin').textContent).toBe('-1.300123,36.8108');

    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '-1.2676' } });
    expect(screen.getByLabelText('pin').textContent).toBe('-1.2676,36.8108');
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '36.' } });
    expect(screen.getByLabelText('pin').textContent).toBe('-1.2676,36');
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '' } });
    expect(screen.getByLabelText('pin').textContent).toBe('none');
    expect(changes.at(-1)).toEqual({ latitude: '-1.2676', longitude: '' });
  });
});
