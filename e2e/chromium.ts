/**
 * How browser tests and benches launch Chromium: Debian's build (a test tool never downloads its
 * own), with nothing phoned home (this machine's network is closed; without these flags Chromium
 * retries refused connections all the time).
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
