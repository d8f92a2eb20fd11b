// Deliberately simple: one @, something before it, a dot in the domain, no spaces. The server
// validates again; this only catches typing mistakes before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
