let seq = 0;

/** A tag unique to this call in this test process ('<pid>-<n>'), for names that must not collide. */
export function unique(): string {
  seq += 1;
  return `${process.pid}-${seq}`;
}
