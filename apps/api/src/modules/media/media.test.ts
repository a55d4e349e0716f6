import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-app.js';
import { hslToHex } from './generated-images.js';

const t = useTestApp();

describe('GET /media/generated/logo.svg', () => {
  it('answers an SVG logo with the initials, cacheable forever, without an API key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/media/generated/logo.svg?label=Savannah%20Glow&hue=30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"')).toBe(
      true,
    );
    expect(response.body).toContain('>SG</text>');
    expect(response.body).toContain(hslToHex(30 + 35, 72, 30));
  });

  it('uses hue 200 when none is given', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/generated/logo.svg?label=SG' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(hslToHex(200 + 35, 72, 30));
  });

  it('accepts the hue bounds 0 and 359', async () => {
    for (const hue of [0, 359]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/media/generated/logo.svg?label=SG&hue=${hue}`,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it.each([
    ['no label', '/media/generated/logo.svg'],
    ['an empty label', '/media/generated/logo.svg?label='],
    ['a blank label', '/media/generated/logo.svg?label=%20%20'],
    ['a 41-character label', `/media/generated/logo.svg?label=${'a'.repeat(41)}`],
    ['hue 360', '/media/generated/logo.svg?label=SG&hue=360'],
    ['a negative hue', '/media/generated/logo.svg?label=SG&hue=-1'],
    ['a fractional hue', '/media/generated/logo.svg?label=SG&hue=1.5'],
    ['a hue that is not a number', '/media/generated/logo.svg?label=SG&hue=red'],
  ])('refuses %s with 400', async (_, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('GET /media/generated/cover.svg', () => {
  it('answers an 800×600 SVG banner with the label', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/media/generated/cover.svg?label=${encodeURIComponent('Glow Facial for Two')}&hue=330`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('width="800" height="600"');
    expect(response.body).toContain('>Glow Facial</tspan>');
    expect(response.body).toContain('>for Two</tspan>');
  });

  it('accepts exactly 40 characters and wraps them', async () => {
    const label = 'Relaxation Massage with Aromatherapy Oil';
    expect(label).toHaveLength(40);
    const response = await t.app.inject({
      method: 'GET',
      url: `/media/generated/cover.svg?label=${encodeURIComponent(label)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/<tspan /g)!.length).toBeGreaterThan(1);
  });

  it('escapes the label', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/media/generated/cover.svg?label=${encodeURIComponent(`<b>"Tom" & 'Jerry'</b>`)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<b>');
    expect(response.body).toContain('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;');
  });

  it('forbids scripts when the SVG is opened directly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/generated/cover.svg?label=Hi' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
