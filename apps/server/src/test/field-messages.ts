/** A 400 body's field errors as `{path: message}`, to compare with the messages the form shows. */
export const fieldMessages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
