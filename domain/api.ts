// Shapes that cross the wire between the SPA and the server (DESIGN.md "API contract").
import type { StaleInfo } from './versions';

/** 400: {status, error, messages}; 404: message(s); 409: message + info; {code, message} elsewhere. */
/** One field's refusal: the body's field and its Russian message. */
export interface FieldMessage {
  field: string;
  message: string;
  /** The field's label as its card names it, where the section declares the field. */
  label?: string;
}

export interface ErrorBody {
  status: 'error';
  error: string;
  messages?: string[];
  /** A 400's messages field by field: every field its own message, a message two fields share kept for
   * each; `messages` stays for the clients that read it (each message once). '' is the request as a whole. */
  errors?: FieldMessage[];
  message?: string;
  info?: { text: string; id: number };
  /** 409 'stale': the record changed since the version the write was made on (domain/versions.ts). */
  stale?: StaleInfo;
  code?: number;
}

export interface LoginResponse {
  token?: string;
}

/** GET /api/me */
export interface CurrentUser {
  user_id: number;
  user_type: 'admin' | 'employee' | 'supplier';
  is_admin: boolean;
  role_id: string | number | null;
  employee_id?: number | null;
  supplier_id?: number | null;
  email: string;
  name: string;
}

/** Demo password of every seeded account (README). */
export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_ACCOUNTS = [
  { email: 'admin@nutdesk.demo', role: 'администратор' },
  { email: 'manager@nutdesk.demo', role: 'роль 1 (менеджер)' },
  { email: 'warehouse@nutdesk.demo', role: 'роль 8 (склад)' },
  { email: 'supplier@nutdesk.demo', role: 'поставщик' },
] as const;

/** 403 with this code in the body forces a logout after 10 seconds (spec point 4). */
export const FORCED_LOGOUT_CODE = 2;
