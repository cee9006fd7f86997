/**
 * A chart as a PNG (data URL), twice its size on screen, on `background`. The svg's colours are
 * attributes already resolved from the theme (no CSS variables), so the copy draws the same alone.
 */
export async function svgToPng(svg: SVGSVGElement, background: string): Promise<string> {
  const width = svg.width.baseVal.value;
  const height = svg.height.baseVal.value;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const backdrop = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  backdrop.setAttribute('width', '100%');
  backdrop.setAttribute('height', '100%');
  backdrop.setAttribute('fill', background);
  copy.prepend(backdrop);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}
