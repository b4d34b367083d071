import { registerFont } from 'canvas';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The family every renderer uses; bundled, so a PNG looks the same on every machine. */
export const FONT_FAMILY = 'Estafette Sans';

const FONT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
let registered = false;

/** Must run before the first canvas is created (node-canvas reads fonts at that point). */
export function registerFonts(): void {
  if (registered) return;
  registerFont(resolve(FONT_DIR, 'DejaVuSans.ttf'), { family: FONT_FAMILY });
  registerFont(resolve(FONT_DIR, 'DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });
  registered = true;
}
