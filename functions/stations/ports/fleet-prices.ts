/**
 * The fleet's highest price per litre, kept by the station list's publication (docs/architecture.md, "Offline vends"):
 * a pay code's offline allowance reads this one item instead of the whole fleet.
 */
export interface FleetPrices {
  /** The highest price per litre of any station, hidden ones too, at the last publication; null before the first. */
  highest(): Promise<number | null>;
  /** Keeps the highest price; writes only when it changed. */
  recordHighest(pricePerLitre: number, at: string): Promise<void>;
}
