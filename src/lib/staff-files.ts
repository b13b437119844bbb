/**
 * Files the staff upload for the site (notice attachments, disclosure documents, press covers and
 * PDFs, issued TCs' scans): the rules the admin screens and the server share.
 */

/**
 * Netlify refuses a function's binary body over 4.5 MB (it arrives base64-encoded within 6 MB):
 * 4 MB leaves room for the multipart framing. A scanned certificate of a few pages fits at 150 dpi.
 */
export const STAFF_FILE_MAX_BYTES = 4 * 1024 * 1024;

export const STAFF_FILE_TYPES = ['pdf', 'jpeg', 'png', 'webp'] as const;
export type StaffFileType = (typeof STAFF_FILE_TYPES)[number];
export const IMAGE_TYPES = ['jpeg', 'png', 'webp'] as const satisfies readonly StaffFileType[];

export const STAFF_FILE_MIME: Record<StaffFileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The file input's accept attribute for the given types. */
export const acceptOf = (types: readonly StaffFileType[]) => types.map((t) => STAFF_FILE_MIME[t]).join(',');

/** A stored file as its record and the API give it. */
export interface StoredFile {
  id: string;
  type: StaffFileType;
  size: number;
  name: string;
}

/** Where a public file is served. */
export const fileUrl = (id: string) => `/v1/files/${id}`;

export const STAFF_FILE_TEXTS = {
  required: 'Choose a file to upload.',
  tooLarge: 'The file is larger than 4 MB. Scan it at a lower resolution or in black and white, and upload it again.',
  type: 'This file is not a PDF, JPEG, PNG or WebP file.',
  unknown: 'This file was not found or is already used. Upload it again.',
  wrongType: 'This place takes only {types} files.',
} as const;
