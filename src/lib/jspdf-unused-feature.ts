/**
 * Stands in for jsPDF's optional helpers (html2canvas, canvg, dompurify), which only its HTML and SVG rendering load.
 * The table exports use neither, and the real modules would add ~350 KB to every install's precache.
 */
export default function jspdfUnusedFeature(): never {
  throw new Error('This jsPDF feature (HTML or SVG rendering) is not part of the build.');
}
