import { describe, expect, it } from 'vitest';
import { headroomText } from './nss-meter';

describe('headroomText', () => {
  // The meter's headline and message say the shortfall to the cent; the headroom beside them too.
  it('says the headroom to the cent, as the shortfall beside it', () => {
    expect(headroomText(77_684.5, '100%')).toBe('$77,684.50 above 100%');
    expect(headroomText(-10_654_236.62, '100%')).toBe('$10,654,236.62 below 100%');
    expect(headroomText(0, '95%')).toBe('$0.00 above 95%');
  });
});
