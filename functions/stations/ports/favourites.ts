/** The stations a user starred. Starring twice or unstarring a station that is not starred changes nothing. */
export interface Favourites {
  /** Station ids, in id order. */
  list(userId: string): Promise<string[]>;
  add(userId: string, stationId: string, at: string): Promise<void>;
  remove(userId: string, stationId: string): Promise<void>;
}
