// The settings page's keys the answers' schemas (domain/answers/admin.ts) and its rules (domain/admin.ts) both name:
// apart, so the two read them without reaching each other.
export const ACCOUNT_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Reference lists nothing else edits. */
export const ADMIN_REFERENCES = ['positions', 'packing', 'document_types'] as const;
export type AdminReference = (typeof ADMIN_REFERENCES)[number];
