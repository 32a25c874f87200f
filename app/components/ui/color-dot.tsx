/**
 * A colour swatch. An SVG fill, not a `style` attribute: the shop's CSP allows no inline styles,
 * and a presentation attribute is not one (docs/decisions/019).
 */
export function ColorDot({ hex, className }: { hex: string; className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 2 2" className={className}>
      <circle cx="1" cy="1" r="1" fill={hex} />
    </svg>
  );
}
