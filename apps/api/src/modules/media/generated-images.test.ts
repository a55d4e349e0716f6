import { describe, expect, it } from 'vitest';
import {
  COVER_SAFE_WIDTH,
  cleanLabel,
  coverSvg,
  escapeXml,
  hslToHex,
  initialsOf,
  logoSvg,
  widthInEm,
  wrapLabel,
} from './generated-images.js';

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`Tom & Jerry's <"Spa">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;Spa&quot;&gt;');
  });
});

describe('cleanLabel', () => {
  it('turns control characters into spaces and collapses runs', () => {
    expect(cleanLabel('Zuri\u0000\u0007 \n Spa\u001f')).toBe('Zuri Spa');
  });

  it('replaces a lone surrogate but keeps emoji pairs', () => {
    expect(cleanLabel('A\ud800B')).toBe('A\ufffdB');
    expect(cleanLabel('Pets 🐶')).toBe('Pets 🐶');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Savannah Glow Spa')).toBe('SG');
  });

  it('skips words without a leading letter', () => {
    expect(initialsOf('Lens & Light Studio')).toBe('LL');
  });

  it('keeps ready-made initials of up to two characters', () => {
    expect(initialsOf('SG')).toBe('SG');
    expect(initialsOf('k')).toBe('K');
  });

  it('gives one letter for a single longer word', () => {
    expect(initialsOf('zuri')).toBe('Z');
  });

  it('gives nothing when no word starts with a letter or digit', () => {
    expect(initialsOf('&& --')).toBe('');
  });
});

describe('hslToHex', () => {
  it('converts the primary hues', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 50)).toBe('#00ff00');
    expect(hslToHex(240, 100, 50)).toBe('#0000ff');
  });

  it('wraps hues past 360', () => {
    expect(hslToHex(360 + 120, 100, 50)).toBe('#00ff00');
  });

  it('gives grey without saturation', () => {
    expect(hslToHex(200, 0, 50)).toBe('#808080');
  });
});

describe('wrapLabel', () => {
  it('keeps a short label on one line', () => {
    expect(wrapLabel('Glow Facial')).toEqual(['Glow Facial']);
  });

  it('balances a label too long for one line over two lines', () => {
    expect(wrapLabel('Glow Facial for Two')).toEqual(['Glow Facial', 'for Two']);
  });

  it('uses three lines when two lines of 20 characters are not enough', () => {
    expect(wrapLabel('Deep Cleansing Facial & Skin Analysis')).toEqual([
      'Deep Cleansing',
      'Facial & Skin',
      'Analysis',
    ]);
  });

  it('splits a word longer than a line', () => {
    expect(wrapLabel('Supercalifragilisticexpialidocious')).toEqual([
      'Supercalifragilistic',
      'expialidocious',
    ]);
  });

  it('ends in an ellipsis when more than three lines would be needed', () => {
    const lines = wrapLabel('one two three four five six seven eight nine ten eleven', 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(Array.from(lines[2]!).length).toBeLessThanOrEqual(10);
  });
});

describe('logoSvg', () => {
  it('draws a 256×256 rounded square with white initials', () => {
    const svg = logoSvg('Savannah Glow Spa', 30);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"')).toBe(true);
    expect(svg).toContain('rx="56"');
    expect(svg).toContain('>SG</text>');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('font-weight="700"');
  });

  it('draws the gradient from the hue', () => {
    expect(logoSvg('SG', 0)).toContain(`stop-color="${hslToHex(0, 68, 50)}"`);
    expect(logoSvg('SG', 0)).toContain(`stop-color="${hslToHex(35, 72, 30)}"`);
  });

  it('darkens bright hues so white text stays readable', () => {
    const yellow = logoSvg('SG', 60);
    expect(yellow).not.toContain(`stop-color="${hslToHex(60, 68, 50)}"`);
    expect(yellow).toMatch(/stop-color="#[0-9a-f]{6}"/);
  });
});

describe('coverSvg', () => {
  it('keeps every label inside the middle 560 px that 4:3, 16:9 and near-square frames all show', () => {
    for (const label of [
      'Suit Alterations',
      'Glow Facial for Two',
      'Full Body Swedish Massage and Sauna',
      'Wwwwwwwwwwwwwwwwwwww',
    ]) {
      const svg = coverSvg(label, 120);
      const fontSize = Number(/font-size="(\d+)" filter/.exec(svg)?.[1]);
      const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1] ?? '');
      expect(lines.length).toBeGreaterThan(0);
      const widest = Math.max(...lines.map(widthInEm));
      expect(widest * fontSize).toBeLessThanOrEqual(COVER_SAFE_WIDTH);
      expect(COVER_SAFE_WIDTH).toBeLessThan(800 - 96);
    }
  });

  it('draws an 800×600 banner with circles and the label', () => {
    const svg = coverSvg('Glow Facial', 200);
    expect(svg).toContain('width="800" height="600"');
    expect(svg.match(/<circle /g)).toHaveLength(5);
    expect(svg).toContain('>Glow Facial</tspan>');
  });

  it('draws the same picture for the same label and hue', () => {
    expect(coverSvg('Glow Facial', 200)).toBe(coverSvg('Glow Facial', 200));
    expect(coverSvg('Glow Facial', 200)).not.toBe(coverSvg('Glow Facial', 201));
  });

  it('never lets the label break out of the markup', () => {
    const svg = coverSvg(`</text><script>alert('x')</script>`, 10);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;');
  });

  it('contains no character XML forbids', () => {
    const svg = coverSvg('Bad\u0001\u0008label\ud800', 10);
    const forbidden = Array.from(svg).filter((char) => {
      const code = char.codePointAt(0)!;
      return (
        (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0xd800 && code <= 0xdfff)
      );
    });
    expect(forbidden).toEqual([]);
    expect(svg).toContain('Bad label\ufffd');
  });
});
