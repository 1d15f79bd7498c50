/** Loading-screen tips (product.md section 2, Login: "three tips exist"). */
export const TIPS: readonly [string, string, string] = [
  "You may play only one card a turn, but unspent fire, diamond and pow carry over. An early Kindled Hearth, Gem Vein or War Drums pays for itself many times.",
  "A unit that attacks is exhausted and will not strike back on the enemy's turn. Leave your sturdiest units on defence to guard their lanes.",
  "Walls never attack but hold a lane all day. Flying units strike the castle over them, and pierce carries the excess damage through.",
];
