/**
 * Where each picture is shown: every part of the site that places pictures names its uses here,
 * so the picture list says where a picture is and the go-live checklist counts the starting
 * pictures still shown.
 */
export interface PictureUse {
  /** A picture id (an uploaded one's, or `starting:<name>`). */
  picture: string;
  /** The English path of the page that shows it. */
  where: string;
}

const SOURCES: readonly (() => Promise<PictureUse[]>)[] = [];

export async function pictureUses(): Promise<PictureUse[]> {
  return (await Promise.all(SOURCES.map((source) => source()))).flat();
}
