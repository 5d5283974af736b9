/** The page hero: a heading, a line under it and the search panel, on the brand background. */
export function Hero({
  heading,
  subline,
  children,
}: {
  heading: React.ReactNode;
  subline: string;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 pb-12 pt-10 text-white md:pb-16 md:pt-16">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{heading}</h1>
        <p className="mt-3 text-lg text-brand-100">{subline}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
