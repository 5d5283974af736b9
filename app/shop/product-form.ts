import { z } from "zod";
import { checkbox, dollarsAsCents, wholeNumber } from "../platform/form-fields.ts";

const localized = (
  max: number,
  message: "staff.content.problems.name" | "staff.content.problems.description",
) => z.string(message).trim().min(1, message).max(max, "staff.content.problems.tooLong");

/**
 * The staff's product form. The stock is an absolute figure, saved only with the figure seen when
 * the form opened (`stockSeen`), so an order placed meanwhile is never written over; the sale price
 * is below the price, or empty for none.
 */
export const productFormSchema = z
  .strictObject({
    intent: z.literal("save", "errors.invalid_value"),
    version: wholeNumber.min(0, "errors.invalid_value"),
    "name_en-CA": localized(120, "staff.content.problems.name"),
    "name_fr-CA": localized(120, "staff.content.problems.name"),
    "description_en-CA": localized(2000, "staff.content.problems.description"),
    "description_fr-CA": localized(2000, "staff.content.problems.description"),
    price: dollarsAsCents("staff.content.problems.price").refine(
      (cents) => cents > 0,
      "staff.content.problems.price",
    ),
    salePrice: z
      .literal("")
      .transform(() => null)
      .or(dollarsAsCents("staff.content.problems.salePrice")),
    onSale: checkbox,
    listed: checkbox,
    stock: wholeNumber
      .min(0, "staff.content.problems.stock")
      .max(1_000_000, "staff.content.problems.stock"),
    stockSeen: wholeNumber.min(0, "errors.invalid_value"),
    picture: z.instanceof(File).optional(),
  })
  .superRefine((form, context) => {
    if (form.salePrice !== null && (form.salePrice <= 0 || form.salePrice >= form.price))
      context.addIssue({
        code: "custom",
        path: ["salePrice"],
        message: "staff.content.problems.salePrice",
      });
    else if (form.onSale && form.salePrice === null)
      context.addIssue({
        code: "custom",
        path: ["salePrice"],
        message: "staff.content.problems.saleNeedsPrice",
      });
  });

export type ProductForm = z.infer<typeof productFormSchema>;

/** Reordering or removing one of a product's pictures, by its address. */
export const productPictureFormSchema = z.strictObject({
  intent: z.enum(["picture-first", "picture-remove"], "errors.invalid_value"),
  version: wholeNumber.min(0, "errors.invalid_value"),
  picture: z.string("staff.content.problems.picture").min(1, "staff.content.problems.picture"),
});

export type ProductPictureForm = z.infer<typeof productPictureFormSchema>;
