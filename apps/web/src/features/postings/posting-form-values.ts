import { ASSISTANT_RATE, type Posting, type PostingInput } from "@vam/shared";

export const EMPTY_POSTING: PostingInput = {
  title: "",
  address: "",
  rate: ASSISTANT_RATE,
  images: [],
  description: "",
  hours: "",
  days: "",
  bathroom: "",
  school: "",
};

/** The editor's fields for an existing posting. */
export function postingFormValues(posting: Posting): PostingInput {
  return {
    title: posting.title,
    address: posting.address,
    rate: posting.rate,
    images: posting.images,
    description: posting.postDetail.desc,
    hours: posting.postDetail.size ?? "",
    days: posting.days ?? "",
    bathroom: posting.bathroom ?? "",
    school: posting.postDetail.school ?? "",
  };
}
