import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

describe('describeDevice', () => {
  it('names the browser and system of common User-Agents', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
  });

  it('falls back to the start of an unknown agent, or says it is unknown', () => {
    expect(describeDevice('budget-cli/1.0')).toBe('budget-cli/1.0');
    expect(describeDevice('')).toBe('Unknown device');
  });
});
