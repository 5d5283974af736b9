import { data } from "react-router";

/** Any address no other route claims: the root error boundary shows the 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
