/**
 * The enrolment's QR code: an SVG the server drew (the qrcode package, from the otpauth:// URI),
 * placed as markup so it needs no JavaScript and no image request. The markup is the library's
 * own output for a URI the server made, never a visitor's text.
 */
export function TotpQrCode({ svg, label }: { svg: string; label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className="size-52 border border-line bg-white p-1 [&>svg]:block [&>svg]:size-full"
      dangerouslySetInnerHTML={{ __html: svg.replace(/<\?xml[^>]*>/, "") }}
    />
  );
}
