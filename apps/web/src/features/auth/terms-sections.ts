export const TERMS_SECTIONS: readonly { title: string; body: string }[] = [
  {
    title: "Acceptance of Terms",
    body: "By creating a profile or using the platform you agree to these Terms of Service. If you do not agree, please do not use the platform.",
  },
  {
    title: "Platform Description",
    body: "The platform connects clients with virtual assistants for online work. Clients can find assistants, book hourly time with them, chat with them and pay in Philippine pesos. We provide the marketplace; we are not a party to the work agreed between users.",
  },
  {
    title: "User Accounts",
    body: "You must give accurate information when you register and keep it up to date. You are responsible for keeping your password secret and for everything done with your account. Your role is chosen at registration and cannot be changed later.",
  },
  {
    title: "User Conduct",
    body: "Treat other users with respect. Do not post false, offensive or illegal content, do not harass anyone, and do not use the platform to send spam or to get around its booking and payment process.",
  },
  {
    title: "Fees and Payments",
    body: "Bookings are priced at the assistant's hourly rate times the booked hours and are paid in Philippine pesos. A booking is confirmed once the assistant has checked the payment. Referral rewards are paid as described in the referral program.",
  },
  {
    title: "Intellectual Property",
    body: "You keep the rights to the content you upload, such as photos and descriptions, and allow us to show it on the platform. The platform's name, design and software remain ours.",
  },
  {
    title: "Privacy",
    body: "We collect only the information needed to run the marketplace and protect it as required by the Data Privacy Act of 2012. Your public profile is visible to visitors; your email address and password are never shown to other users.",
  },
  {
    title: "Limitation of Liability",
    body: "The platform is provided as it is. We are not liable for the quality of work delivered by assistants, for disputes between users, or for indirect losses arising from the use of the platform, to the extent the law allows.",
  },
  {
    title: "Indemnification",
    body: "You agree to hold us harmless from claims, damages and costs that result from your breach of these terms or from your dealings with other users.",
  },
  {
    title: "Termination",
    body: "You may stop using the platform at any time. We may suspend or close accounts that break these terms, after notice where reasonable.",
  },
  {
    title: "Changes to Terms",
    body: "We may update these terms. We will announce important changes on the platform, and continuing to use it after a change means you accept the new terms.",
  },
  {
    title: "Governing Law",
    body: "These terms are governed by the laws of the Republic of the Philippines. Disputes are brought before the proper courts of the Philippines.",
  },
];
