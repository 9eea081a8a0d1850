import type { HostRequest } from '@shared/schemas/host-request';

export interface HostRequests {
  create(request: HostRequest): Promise<void>;
  /** Newest first, a page at a time. */
  list(page: { limit: number; cursor?: string }): Promise<{ items: HostRequest[]; nextCursor: string | null }>;
  get(id: string): Promise<HostRequest | null>;
  update(id: string, fields: Partial<Omit<HostRequest, 'id' | 'createdAt'>>): Promise<HostRequest | null>;
  remove(id: string): Promise<boolean>;
}
