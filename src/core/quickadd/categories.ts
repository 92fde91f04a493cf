// Keyword → category for ledger lines. The category names are the app's default
// categories (Chinese); English keywords map onto the same names.

const KEYWORDS: Record<string, string[]> = {
  餐饮: [
    '早餐', '早饭', '早点', '午餐', '午饭', '中饭', '晚餐', '晚饭', '夜宵', '宵夜', '外卖', '咖啡', '奶茶', '茶饮', '饮料',
    '火锅', '烧烤', '麦当劳', '肯德基', '星巴克', '瑞幸', '面包', '蛋糕', '零食', '水果', '矿泉水', '啤酒', '聚餐', '请客', '饭', '餐',
    '面', '粥', '吃', '茶', '酒',
    'coffee', 'latte', 'tea', 'lunch', 'dinner', 'breakfast', 'brunch', 'meal', 'food', 'snack', 'snacks', 'pizza', 'burger',
    'restaurant', 'drink', 'drinks', 'beer', 'starbucks', 'takeout',
  ],
  交通: [
    '打车', '出租车', '出租', '滴滴', '网约车', '地铁', '公交', '巴士', '高铁', '动车', '火车', '机票', '飞机', '加油', '油费',
    '停车', '过路费', '高速费', '共享单车', '单车', '车费', '车票',
    'taxi', 'uber', 'lyft', 'cab', 'metro', 'subway', 'bus', 'train', 'flight', 'gas', 'fuel', 'parking', 'toll', 'transit',
  ],
  日用: ['超市', '日用', '纸巾', '洗发水', '牙膏', '洗衣液', '便利店', '杂货', 'groceries', 'grocery', 'supermarket', 'toiletries'],
  购物: [
    '淘宝', '京东', '拼多多', '衣服', '裤子', '鞋', '包包', '购物', '手机', '电脑', '耳机', '数码',
    'amazon', 'clothes', 'shoes', 'shirt', 'shopping', 'phone', 'laptop', 'headphones',
  ],
  娱乐: [
    '电影', '游戏', 'KTV', '唱歌', '演出', '门票', '音乐会', '演唱会', '会员', '健身', '旅游',
    'movie', 'movies', 'cinema', 'game', 'games', 'concert', 'netflix', 'spotify', 'ticket', 'tickets', 'gym',
  ],
  居住: ['房租', '租金', '水费', '电费', '燃气', '物业', '宽带', '水电', 'rent', 'electricity', 'utilities', 'internet', 'wifi'],
  医疗: ['医院', '看病', '挂号', '药', '体检', '牙医', 'doctor', 'hospital', 'medicine', 'pharmacy', 'dentist', 'clinic'],
  教育: ['书', '课程', '学费', '培训', '教材', '考试', 'book', 'books', 'course', 'tuition', 'class', 'lesson'],
};

/** English names people type for the default categories. */
const CATEGORY_ALIASES: Record<string, string> = {
  food: '餐饮', dining: '餐饮', transport: '交通', transportation: '交通', travel: '交通', shopping: '购物',
  daily: '日用', household: '日用', entertainment: '娱乐', fun: '娱乐', housing: '居住', home: '居住',
  medical: '医疗', health: '医疗', education: '教育', other: '其他', others: '其他',
};

interface Keyword {
  word: string;
  category: string;
  re: RegExp;
}

const ORDERED: Keyword[] = Object.entries(KEYWORDS)
  .flatMap(([category, words]) =>
    words.map((word) => ({
      word,
      category,
      // Latin keywords match whole words ("bus" not in "business"); Chinese ones anywhere.
      re: /^[a-z ]+$/i.test(word) ? new RegExp(`\\b${word}\\b`, 'i') : new RegExp(word, 'i'),
    })),
  )
  // Longest first: "面包" (bread) before "包", "出租车" before "出租".
  .sort((a, b) => b.word.length - a.word.length);

/** The category a line's words suggest, or null. */
export function categoryFromKeywords(text: string): string | null {
  for (const k of ORDERED) if (k.re.test(text)) return k.category;
  return null;
}

/** A token that names a category outright ("餐饮", "food"), checked against the person's categories. */
export function explicitCategory(token: string, categories: readonly string[]): string | null {
  const t = token.trim();
  if (!t) return null;
  const direct = categories.find((c) => c.toLowerCase() === t.toLowerCase());
  if (direct) return direct;
  return CATEGORY_ALIASES[t.toLowerCase()] ?? null;
}
