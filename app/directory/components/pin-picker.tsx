import { useEffect, useRef, useState } from "react";
import { formatNumber } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { isProvince } from "../../platform/provinces.ts";
import { secondaryButton } from "../../ui/button-link.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { type Coordinates, cityCentre } from "../location.ts";

/** The map's zoom: a few streets around the pin. */
const ZOOM = 16;
const WORLD = 256 * 2 ** ZOOM;

/** Web Mercator, as OpenStreetMap draws: degrees to the world's pixels at ZOOM, and back. */
function toPixels({ latitude, longitude }: Coordinates) {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * WORLD,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * WORLD,
  };
}

function toCoordinates(x: number, y: number): Coordinates {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  const n = Math.PI - (2 * Math.PI * y) / WORLD;
  return {
    latitude: round((180 / Math.PI) * Math.atan(Math.sinh(n))),
    longitude: round((x / WORLD) * 360 - 180),
  };
}

/** The place moved by `dx`, `dy` pixels of the map. */
function shifted(pin: Coordinates, dx: number, dy: number): Coordinates {
  const { x, y } = toPixels(pin);
  return toCoordinates(x + dx, y + dy);
}

/**
 * The pin of a new listing, as two hidden inputs. Without JavaScript they stay empty and the
 * server puts the pin at the city's centre. With it, the pin follows the city and province typed
 * until the owner moves it: only when they ask (decision 0030) does a map from OpenStreetMap show,
 * centred on the pin; a click on the map or the four buttons move the pin, and the map follows.
 */
export function PinPicker({ sent, problem }: { sent?: Coordinates; problem?: React.ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const box = useRef<HTMLFieldSetElement>(null);
  const [pin, setPin] = useState<Coordinates | undefined>(sent);
  const [moved, setMoved] = useState(sent !== undefined);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  // Until the owner moves it, the pin is the centre of the city typed in the same form.
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form || moved) return;
    const follow = () => {
      const data = new FormData(form);
      const province = data.get("province");
      if (isProvince(province)) setPin(cityCentre(String(data.get("city") ?? ""), province));
    };
    follow();
    form.addEventListener("input", follow);
    form.addEventListener("change", follow);
    return () => {
      form.removeEventListener("input", follow);
      form.removeEventListener("change", follow);
    };
  }, [moved]);

  const move = (next: Coordinates) => {
    setMoved(true);
    setPin(next);
  };
  const open = () => {
    const rect = box.current?.getBoundingClientRect();
    setSize({ width: Math.round(rect?.width ?? 600), height: 288 });
  };
  const step = size ? Math.round(size.height / 4) : 0;
  const bbox =
    pin && size
      ? (() => {
          const { x, y } = toPixels(pin);
          const corner = (dx: number, dy: number) => toCoordinates(x + dx, y + dy);
          const southWest = corner(-size.width / 2, size.height / 2);
          const northEast = corner(size.width / 2, -size.height / 2);
          return [
            southWest.longitude,
            southWest.latitude,
            northEast.longitude,
            northEast.latitude,
          ].join(",");
        })()
      : null;
  const shown = (value: number) => formatNumber(value, locale, 5);

  return (
    <fieldset ref={box} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 font-semibold">{t("addBusiness.fields.pin")}</legend>
      <input
        type="hidden"
        name="latitude"
        value={hydrated && pin ? pin.latitude : (sent?.latitude ?? "")}
      />
      <input
        type="hidden"
        name="longitude"
        value={hydrated && pin ? pin.longitude : (sent?.longitude ?? "")}
      />
      <p className="text-sm text-slate-600">{t("addBusiness.fields.pinHint")}</p>
      {hydrated && pin && (
        <p aria-live="polite" className="text-slate-800">
          {t("addBusiness.fields.pinAt", {
            latitude: shown(pin.latitude),
            longitude: shown(pin.longitude),
          })}
        </p>
      )}
      {problem}
      {hydrated && pin && !size && (
        <div>
          <button type="button" onClick={open} className={secondaryButton}>
            {t("addBusiness.fields.showMap")}
          </button>
          <p className="mt-2 text-sm text-slate-600">{t("addBusiness.fields.mapNotice")}</p>
        </div>
      )}
      {pin && size && bbox && (
        <>
          <p className="text-sm text-slate-600">{t("addBusiness.fields.mapHelp")}</p>
          <div className="relative h-72 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
            <iframe
              title={t("addBusiness.fields.mapTitle")}
              src={`https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik`}
              referrerPolicy="no-referrer"
              sandbox="allow-scripts allow-same-origin"
              tabIndex={-1}
              className="pointer-events-none absolute inset-0 size-full"
            />
            {/* Over the map, so a click places the pin; the buttons below do it by keyboard. */}
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="absolute inset-0 size-full cursor-crosshair"
              onClick={(event) => {
                const rect = event.currentTarget.getBoundingClientRect();
                move(
                  shifted(
                    pin,
                    event.clientX - rect.left - rect.width / 2,
                    event.clientY - rect.top - rect.height / 2,
                  ),
                );
              }}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-1/2 size-5 -translate-x-1/2 -translate-y-full rounded-full rounded-br-none bg-red-600 ring-2 ring-white rotate-45"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {(
              [
                ["north", 0, -step],
                ["south", 0, step],
                ["west", -step, 0],
                ["east", step, 0],
              ] as const
            ).map(([direction, dx, dy]) => (
              <button
                key={direction}
                type="button"
                onClick={() => move(shifted(pin, dx, dy))}
                className={secondaryButton}
              >
                {t(`addBusiness.fields.move.${direction}`)}
              </button>
            ))}
            <button type="button" onClick={() => setMoved(false)} className={secondaryButton}>
              {t("addBusiness.fields.centre")}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
