import type { HostRequest } from '../../shared/schemas';

export interface HostRequests {
  create(request: HostRequest): Promise<void>;
  list(): Promise<HostRequest[]>;
  get(id: string): Promise<HostRequest | null>;
  update(id: string, fields: Partial<Omit<HostRequest, 'id' | 'createdAt'>>): Promise<HostRequest | null>;
  remove(id: string): Promise<boolean>;
}
