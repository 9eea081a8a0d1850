/** A short exclusive right to do fleet-wide work, so that parallel invocations do not all do it at once. */
export interface Leases {
  /** Takes `name` until `until` (true) when nobody holds it or the last holder's time ran out by `now`. */
  claim(name: string, now: Date, until: Date): Promise<boolean>;
}
