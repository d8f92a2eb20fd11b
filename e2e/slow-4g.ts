import type { BrowserContext, Page } from '@playwright/test';

/**
 * Lighthouse's 'Slow 4G' on a page, through the DevTools protocol: 150 ms RTT x 3.75, 1.6 Mbps x 0.9
 * down, 750 kbps x 0.9 up. The resident page's spec and its bench (bench/public-phone.bench.ts).
 */
export async function emulateSlow4G(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
}
