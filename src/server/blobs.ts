/**
 * Netlify Blobs stores. `documents` holds applicants' files (staged uploads and admission
 * documents): private, served only through the admin endpoint. `gallery` holds published images.
 */
import { getStore, type Store } from '@netlify/blobs';

export type StoreName = 'documents' | 'gallery';

export function store(name: StoreName): Store {
  return getStore({ name, consistency: 'strong' });
}

export const documents = () => store('documents');
export const galleryImages = () => store('gallery');
