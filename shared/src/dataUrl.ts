/** A blob's bytes as a data: URL: what a page shows a picture it fetched itself with (the CSP allows data: pictures, not blob: ones). */
export const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
